import type { ServerResponse } from 'node:http';

export const BENCH_PAGE_HEAD: string;
export function serveBenchFile(path: string, response: ServerResponse): Promise<void>;
export function runBenchPage(url: string, entry: string, args: unknown[]): Promise<unknown>;
