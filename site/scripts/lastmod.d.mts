/** When the files or folders `paths` (relative to `cwd`) last changed, as an ISO 8601 date-time (UTC), or undefined when none exists. */
export function lastChange(paths: readonly string[], options: { cwd: string }): Promise<string | undefined>;

export interface KnownDates {
  [paths: string]: { key?: string; date: string | undefined };
}

/** lastChange for many pages: each set of paths asked once, and an earlier build's `known` dates kept while HEAD and the changed files under the paths are the same. */
export function lastChanges(options: { cwd: string; known?: KnownDates }): Promise<{
  found: KnownDates;
  date(paths: readonly string[]): Promise<string | undefined>;
}>;
