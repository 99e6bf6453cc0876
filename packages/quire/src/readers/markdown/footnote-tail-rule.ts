import type { StateCore, Token } from 'markdown-it';

interface FootnoteEntry {
  /** The label of a `[^label]` note; none for an inline `^[text]` note. */
  readonly label?: string;
  /** How many times the text refers to it. */
  readonly count?: number;
  /** The inline tokens of an inline note. */
  readonly tokens?: Token[];
  readonly content?: string;
}

interface FootnoteEnv {
  readonly footnotes?: { readonly list?: readonly FootnoteEntry[] };
}

/**
 * markdown-it-footnote's `footnote_tail` core rule in linear time, installed in its place: the
 * plugin's own copies the whole token list once per note (`concat`), so 10 000 notes took seconds
 * and a hostile input of a few megabytes would take hours. Same result: the definitions leave the
 * token stream, and the notes the text refers to follow it, in order of first reference, each
 * between `footnote_open` and `footnote_close` with a `footnote_anchor` per reference before the
 * end of its last paragraph, all inside `footnote_block_open` and `footnote_block_close`.
 */
export function appendFootnotes(state: StateCore): void {
  const env = state.env as FootnoteEnv;
  if (!env.footnotes) return;
  const definitions = new Map<string, Token[]>();
  const body: Token[] = [];
  let current: Token[] = [];
  let label = '';
  let inDefinition = false;
  // As in the plugin, a definition inside another (`[^a]: > [^b]: x`) takes the place of the
  // outer one, and the outer one's tokens after it return to the text.
  for (const token of state.tokens) {
    if (token.type === 'footnote_reference_open') {
      inDefinition = true;
      current = [];
      label = String((token.meta as { label: string }).label);
    } else if (token.type === 'footnote_reference_close') {
      inDefinition = false;
      definitions.set(label, current);
    } else {
      (inDefinition ? current : body).push(token);
    }
  }
  state.tokens = body;
  const list = env.footnotes.list;
  if (!list) return;
  body.push(new state.Token('footnote_block_open', '', 1));
  list.forEach((entry, id) => {
    const open = new state.Token('footnote_open', '', 1);
    open.meta = { id, label: entry.label };
    body.push(open);
    for (const token of noteContent(state, entry, definitions)) body.push(token);
    const lastParagraph = body[body.length - 1]?.type === 'paragraph_close' ? body.pop()! : null;
    for (let subId = 0; subId < Math.max(1, entry.count ?? 0); subId++) {
      const anchor = new state.Token('footnote_anchor', '', 0);
      anchor.meta = { id, subId, label: entry.label };
      body.push(anchor);
    }
    if (lastParagraph) body.push(lastParagraph);
    body.push(new state.Token('footnote_close', '', -1));
  });
  body.push(new state.Token('footnote_block_close', '', -1));
}

function noteContent(state: StateCore, entry: FootnoteEntry, definitions: ReadonlyMap<string, Token[]>): readonly Token[] {
  if (entry.tokens) {
    const open = new state.Token('paragraph_open', 'p', 1);
    open.block = true;
    const inline = new state.Token('inline', '', 0);
    inline.children = entry.tokens;
    inline.content = entry.content ?? '';
    const close = new state.Token('paragraph_close', 'p', -1);
    close.block = true;
    return [open, inline, close];
  }
  return entry.label === undefined ? [] : (definitions.get(entry.label) ?? []);
}
