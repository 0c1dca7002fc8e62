export const CHROMIUM: string;
export function chromiumArgs(extra?: string[]): string[];
