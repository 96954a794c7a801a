// Types of the in-process test backends (servers.mjs).
export interface RunningBackend {
  url: string;
  close(): Promise<void>;
}
export type Row = object;
export function startJsonServer1(data: Record<string, Row[]>): Promise<RunningBackend>;
export function startJsonServer0(data: Record<string, Row[]>): Promise<RunningBackend>;
export function startFeathers(seed: { users: Row[]; products: Row[] }): Promise<RunningBackend>;
