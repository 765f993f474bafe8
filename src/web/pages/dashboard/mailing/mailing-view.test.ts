import { describe, expect, it } from 'vitest';
import { formatDuration, processedCount, progressText, textPreview } from './mailing-view.js';

describe('formatDuration', () => {
  it('shows seconds under a minute, rounding up', () => {
    expect(formatDuration(0)).toBe('0 с');
    expect(formatDuration(44.2)).toBe('45 с');
  });

  it('shows minutes and seconds under an hour', () => {
    expect(formatDuration(60)).toBe('1 мин');
    expect(formatDuration(125)).toBe('2 мин 5 с');
  });

  it('shows hours and minutes, rounding the minutes up', () => {
    expect(formatDuration(3600)).toBe('1 ч 0 мин');
    expect(formatDuration(3661)).toBe('1 ч 2 мин');
  });

  it('never shows a negative time', () => {
    expect(formatDuration(-5)).toBe('0 с');
  });
});

describe('progressText', () => {
  const running = { status: 'sending', sent: 1200, failed: 3, total: 3000, eta_seconds: 60 } as const;

  it('says what is sent, failed and left while the mailing runs', () => {
    expect(progressText(running)).toBe('Отправлено 1\u00a0200 из 3\u00a0000, ошибок 3, осталось ~1 мин');
    expect(processedCount(running)).toBe(1203);
  });

  it('leaves the time out once nothing is left to wait for', () => {
    expect(progressText({ ...running, eta_seconds: 0 })).toBe('Отправлено 1\u00a0200 из 3\u00a0000, ошибок 3');
    expect(progressText({ ...running, status: 'done', sent: 2997 })).toBe('Отправлено 2\u00a0997 из 3\u00a0000, ошибок 3');
  });
});

describe('textPreview', () => {
  it('puts the message on one line', () => {
    expect(textPreview('Привет!\n\n  Скидка  10 %')).toBe('Привет! Скидка 10 %');
  });

  it('cuts a long message with an ellipsis', () => {
    const preview = textPreview('а'.repeat(200), 20);
    expect(preview).toHaveLength(20);
    expect(preview.endsWith('…')).toBe(true);
  });
});
