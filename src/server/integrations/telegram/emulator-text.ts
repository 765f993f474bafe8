/**
 * How Telegram reads a message's formatting: which parse modes exist, when HTML or MarkdownV2 is
 * refused ("can't parse entities"), and how long the text is once the markup is gone
 * (Telegram's 4096 / 1024 limits count the visible text, not the markup).
 */
export type TelegramParseMode = 'HTML' | 'MarkdownV2' | 'Markdown';

const PARSE_MODES: readonly TelegramParseMode[] = ['HTML', 'MarkdownV2', 'Markdown'];

/** Telegram accepts parse_mode in any letter case. */
export function parseModeNamed(name: string): TelegramParseMode | undefined {
  return PARSE_MODES.find((mode) => mode.toLowerCase() === name.toLowerCase());
}

/** The Bot API's HTML subset. */
const HTML_TAGS = new Set([
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ins',
  's',
  'strike',
  'del',
  'span',
  'tg-spoiler',
  'a',
  'code',
  'pre',
  'blockquote',
  'tg-emoji',
]);

const HTML_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"' };

/** Why Telegram would refuse the text's markup ("can't parse entities: …"), or undefined. */
export function markupProblem(text: string, mode: TelegramParseMode | undefined): string | undefined {
  if (mode === 'HTML') return htmlProblem(text);
  if (mode === 'MarkdownV2') return markdownV2Problem(text);
  return undefined;
}

/** The text a reader sees, whose length Telegram limits. */
export function visibleText(text: string, mode: TelegramParseMode | undefined): string {
  if (mode === 'HTML') {
    return text
      .replace(/<[^>]*>/g, '')
      .replace(/&(lt|gt|amp|quot);/g, (_, name: string) => HTML_ENTITIES[name]!)
      .replace(/&#(\d+|x[0-9a-f]+);/gi, (_, code: string) => codePoint(Number(code.replace(/^x/i, '0x'))));
  }
  if (mode === 'MarkdownV2') {
    return text.replace(/\]\((?:\\.|[^)\\])*\)/g, '').replace(/\\(.)|[*_~|[\]`]/g, (_, escaped: string | undefined) => escaped ?? '');
  }
  return text;
}

function codePoint(code: number): string {
  return code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
}

function byteOffset(text: string, index: number): number {
  return Buffer.byteLength(text.slice(0, index));
}

function htmlProblem(text: string): string | undefined {
  const open: string[] = [];
  const tag = /<(\/?)([^\s>/]*)[^>]*>|<|&(?!(?:lt|gt|amp|quot|#\d+|#x[0-9a-f]+);)/gi;
  for (let match = tag.exec(text); match; match = tag.exec(text)) {
    const at = byteOffset(text, match.index);
    if (match[0] === '<') return `Unexpected end of name token at byte offset ${at}`;
    if (match[0] === '&') return `Character entity expected at byte offset ${at}`;
    const [, closing, rawName] = match;
    const name = rawName!.toLowerCase();
    if (!closing) {
      if (!HTML_TAGS.has(name)) return `Unsupported start tag "${rawName}" at byte offset ${at}`;
      open.push(name);
      continue;
    }
    const expected = open.pop();
    if (expected === undefined) return `Unexpected end tag at byte offset ${at}`;
    if (name !== expected) return `Unmatched end tag at byte offset ${at}, expected "</${expected}>", found "</${rawName}>"`;
  }
  const unclosed = open.at(-1);
  return unclosed ? `Can't find end tag corresponding to start tag "${unclosed}"` : undefined;
}

/** Characters MarkdownV2 reserves: outside code and link targets they must be escaped with '\'. */
const ALWAYS_ESCAPED = new Set(['#', '+', '-', '=', '{', '}', '.', '!', '(', ')', '>']);
const PAIRED = new Map([
  ['*', 'Bold'],
  ['_', 'Italic'],
  ['~', 'Strikethrough'],
  ['|', 'Spoiler'],
  ['`', 'Code'],
]);

function markdownV2Problem(text: string): string | undefined {
  const lastOpened = new Map<string, number>();
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === '\\') {
      index++;
      continue;
    }
    if (char === '`') {
      // Code: everything up to the closing backtick(s) is literal.
      const fence = text.startsWith('```', index) ? '```' : '`';
      const end = text.indexOf(fence, index + fence.length);
      if (end < 0) return `Can't find end of ${fence === '```' ? 'Pre' : 'Code'} entity at byte offset ${byteOffset(text, index)}`;
      index = end + fence.length - 1;
      continue;
    }
    if (char === ']' && text[index + 1] === '(') {
      const end = text.indexOf(')', index + 2);
      if (end < 0) return `Can't find end of a URL at byte offset ${byteOffset(text, index)}`;
      index = end;
      continue;
    }
    if (char === '>' && (index === 0 || text[index - 1] === '\n')) continue;
    if (ALWAYS_ESCAPED.has(char)) return `Character '${char}' is reserved and must be escaped with the preceding '\\'`;
    if (PAIRED.has(char)) {
      if (lastOpened.has(char)) lastOpened.delete(char);
      else lastOpened.set(char, index);
    }
  }
  const [char, index] = [...lastOpened].sort((a, b) => a[1] - b[1])[0] ?? [];
  return char === undefined ? undefined : `Can't find end of ${PAIRED.get(char)} entity at byte offset ${byteOffset(text, index!)}`;
}
