export interface Floor {
  dir: string;
  limit: number;
}
export const FLOORS: Floor[];
export function lengthProblems(floors: readonly Floor[], known: Record<string, number>): string[];
