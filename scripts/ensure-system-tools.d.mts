export function missingPackages(command: 'start' | 'test', exists?: (path: string) => boolean): string[];
