export declare const EMBEDDED_HEAP_MB: number;
export declare function serverArgs(root: string, options: { embedded: boolean; cap?: boolean }): string[];
export declare function isEmbedded(env: NodeJS.ProcessEnv): boolean;
