export function strayWrites(): Promise<string>;
export function fd1Said(): string;
