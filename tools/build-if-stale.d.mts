/** Types of tools/build-if-stale.mjs (plain Node, so that npm start's checks need no TypeScript transform). */
export declare const inputsHash: () => string;
export declare const buildClientIfStale: (options?: { force?: boolean }) => number;
export declare const serverInputFiles: () => string[];
export declare const serverInputsHash: () => string;
export declare const serverBundlePath: (hash?: string) => string;
export declare const bundleServer: (outdir: string) => Promise<{ inputs: string[] }>;
export declare const buildServerIfStale: (options?: { force?: boolean }) => Promise<string>;
