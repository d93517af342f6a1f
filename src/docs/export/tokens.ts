/** `estimated_tokens` as the tool contract defines it: characters / 4, rounded up. */
export function estimateTokens(content: string): number {
  return Math.ceil(content.length / 4);
}
