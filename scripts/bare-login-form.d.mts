export function bareLoginForm(): Promise<{ html: string; js: string; gzipBytes: number; workJs: string }>;
