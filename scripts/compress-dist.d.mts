export function compressFile(file: string): Promise<{ bytes: number; br: number; gz: number }>;
export function compressibleFiles(dir: string): Promise<string[]>;
