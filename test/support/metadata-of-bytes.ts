/** Metadata `{"s":"xxx…"}` whose JSON is exactly `bytes` long. */
export function metadataOfBytes(bytes: number): Record<string, string> {
  return { s: 'x'.repeat(bytes - '{"s":""}'.length) };
}
