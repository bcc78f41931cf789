// Types of free-port.mjs, for the TypeScript test supports that import it.
export declare function freePort(): Promise<number>;
