export function reactAloneGzip(): Promise<number>;
