import { describe, expect, it } from 'vitest';
import { markupProblem, parseModeNamed, visibleText } from './emulator-text.js';

describe('message formatting as Telegram reads it', () => {
  it('knows the three parse modes in any case', () => {
    expect(parseModeNamed('markdownv2')).toBe('MarkdownV2');
    expect(parseModeNamed('HTML')).toBe('HTML');
    expect(parseModeNamed('Markdown')).toBe('Markdown');
    expect(parseModeNamed('BBCode')).toBeUndefined();
  });

  it('measures HTML without tags and with entities decoded', () => {
    expect(visibleText('<b>Скидка</b> &lt;10%&gt; <a href="https://x.y">тут</a>', 'HTML')).toBe('Скидка <10%> тут');
    expect(visibleText('&#128512; &#x1F600; &#99999999;', 'HTML')).toBe('😀 😀 \ufffd');
    expect(visibleText('<b>x</b>', undefined)).toBe('<b>x</b>');
  });

  it('measures MarkdownV2 without markup, escapes and link targets', () => {
    expect(visibleText('*Скидка* 10%\\. [тут](https://x.y/a)', 'MarkdownV2')).toBe('Скидка 10%. тут');
  });

  it('accepts well-formed HTML and refuses what Telegram refuses', () => {
    expect(markupProblem('<b>a <i>b</i></b> &amp; <a href="https://x">c</a>', 'HTML')).toBeUndefined();
    expect(markupProblem('Цена <div>1</div>', 'HTML')).toBe('Unsupported start tag "div" at byte offset 9');
    expect(markupProblem('<b>a', 'HTML')).toBe('Can\'t find end tag corresponding to start tag "b"');
    expect(markupProblem('<b>a</i>', 'HTML')).toMatch(/^Unmatched end tag at byte offset 4, expected "<\/b>", found "<\/i>"$/);
    expect(markupProblem('a < b', 'HTML')).toMatch(/^Unexpected end of name token/);
    expect(markupProblem('a & b', 'HTML')).toMatch(/^Character entity expected/);
    expect(markupProblem('&#128512; &#x1F600; &quot;', 'HTML')).toBeUndefined();
  });

  it('accepts escaped MarkdownV2 and refuses reserved characters and unclosed entities', () => {
    expect(markupProblem('*жирный* _курсив_ `код.` [ссылка](https://x.y/a-b) 10\\%\\!', 'MarkdownV2')).toBeUndefined();
    expect(markupProblem('> цитата', 'MarkdownV2')).toBeUndefined();
    expect(markupProblem('Скидка!', 'MarkdownV2')).toBe("Character '!' is reserved and must be escaped with the preceding '\\'");
    expect(markupProblem('*жирный', 'MarkdownV2')).toBe("Can't find end of Bold entity at byte offset 0");
    expect(markupProblem('Скидка!', 'Markdown')).toBeUndefined();
    expect(markupProblem('<div>', undefined)).toBeUndefined();
  });
});
