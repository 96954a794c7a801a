/** The documents, by the file name they are written to (`<name>.d.ts`). */
export declare const DOCUMENTS: Record<
  'github' | 'petstore' | 'stapi',
  { package: string; file: string }
>;

/**
 * Writes `<folder>/<name>.d.ts` for each document named (all by default) unless it is up to
 * date; resolves the paths written or kept.
 */
export declare function generateDocuments(
  folder: string,
  names?: Array<keyof typeof DOCUMENTS>,
): Promise<string[]>;
