// §4 Voice recording: "recognised text, with one trailing punctuation mark removed, is sent to look up a skill".
// Shared by the widgets (core/voice) and the reference server's skill lookup, so both drop the same marks.
// Recognisers end sentences with Chinese (。！？) or Latin (. ! ?) marks; commas and colons appear when a
// recogniser cuts a sentence short.

const TRAILING_MARK = /[.,!?;:…。，！？；：、．｡]$/u;

/** The text trimmed, without one trailing punctuation mark (Chinese or Latin), trimmed again. */
export function withoutTrailingPunctuation(text: string): string {
  return text.trim().replace(TRAILING_MARK, '').trim();
}

/** How the skill table is keyed: the text without its trailing mark, in lower case. */
export function vocabularyKey(text: string): string {
  return withoutTrailingPunctuation(text).toLowerCase();
}
