import { describe, expect, it } from 'vitest';
import { detectCapability, toolCapabilities, toolCapabilityMatch } from '../../search/capabilities.ts';
import type { ToolDocument } from '../../search/types.ts';

const tool = (name: string, description: string): ToolDocument => ({ id: `t/${name}`, server: 't', name, description });

describe('capabilities', () => {
  it('match a verb in the name fully, one in the first sentence only partly, one later not at all', () => {
    const doc = tool('send_email', 'Delivers a message. Then lists the replies.');
    expect(toolCapabilityMatch(doc, 'send')).toBe(1);
    expect(toolCapabilityMatch(doc, 'list')).toBe(0);
    expect(toolCapabilityMatch(tool('mailer', 'Sends an email to a recipient'), 'send')).toBe(0.6);
    expect(toolCapabilityMatch(tool('mailer', 'A mail helper'), 'send')).toBe(0);
    expect(toolCapabilities(tool('searchNotes', 'Deletes nothing; finds notes by text'))).toEqual(['search', 'delete']);
  });

  it('are worked out once per document, and afresh for a changed copy', () => {
    const doc = tool('fetch_weather', 'Weather for a city');
    expect(toolCapabilities(doc)).toEqual(['read']);
    const renamed = { ...doc, name: 'delete_weather' };
    expect(toolCapabilities(renamed)).toEqual(['delete']);
    expect(toolCapabilityMatch(renamed, 'read')).toBe(0);
    expect(toolCapabilityMatch(doc, 'read')).toBe(1);
  });

  it('detects the action a request leads with', () => {
    expect(detectCapability('send an email to Bob').id).toBe('send');
    expect(detectCapability('the weather in Paris').id).toBeNull();
  });
});
