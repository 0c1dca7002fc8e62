// The `accept` list of a file input (`.pdf, image/*, video/mp4`, as HTML reads it), checked here as well: the
// browser's picker only suggests it, lets the user pick "all files" anyway, and dropped files never meet it.

/** The tokens of an accept list, lower-cased; empty when anything goes. */
export function acceptTokens(accept: string | undefined): string[] {
  return (accept ?? '')
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter((token) => token !== '');
}

/** Whether a file matches the list: an extension (`.jpg`, any case), a MIME type, or a type family (`image/*`). */
export function acceptsFile(file: { name: string; type: string }, accept: string | undefined): boolean {
  const tokens = acceptTokens(accept);
  if (tokens.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return tokens.some((token) => {
    if (token.startsWith('.')) return name.endsWith(token) && name.length > token.length;
    if (token.endsWith('/*')) return type.startsWith(token.slice(0, -1));
    return type === token;
  });
}
