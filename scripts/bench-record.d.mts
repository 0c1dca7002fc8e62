export declare const BENCH_RECORD: string;
export declare function recordBench(file?: string): { save(): void };
