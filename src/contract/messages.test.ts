import { describe, expect, it } from 'vitest';
import { messages } from './messages.js';

// Every `<section>Messages` the section files define, read from the folder rather than listed again,
// so a section written there but not joined into the index (its texts silently missing) fails here.
const sectionFiles = import.meta.glob<Record<string, unknown>>('./messages/*.ts', { eager: true });
const sections = Object.values(sectionFiles).flatMap((module) => Object.entries(module));

describe('the message catalogue', () => {
  it('joins every section of messages/ under its own name, and nothing else', () => {
    expect(sections.map(([name]) => name).sort()).toEqual(
      Object.keys(messages)
        .map((key) => `${key}Messages`)
        .sort(),
    );
    for (const [name, section] of sections) {
      expect(messages[name.replace(/Messages$/, '') as keyof typeof messages], name).toBe(section);
    }
  });

  // The error handler reads two levels deep and turns every text into a pattern it accepts as a catalogue text.
  it('holds only non-empty texts, one level under each section', () => {
    for (const [key, section] of Object.entries(messages)) {
      for (const [name, text] of Object.entries(section)) {
        expect(typeof text === 'string' && text.length > 0, `${key}.${name}`).toBe(true);
      }
    }
  });
});
