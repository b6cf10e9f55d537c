/** When the files or folders `paths` (relative to `cwd`) last changed, as an ISO 8601 date-time (UTC), or undefined when none exists. */
export function lastChange(paths: readonly string[], options: { cwd: string }): Promise<string | undefined>;
