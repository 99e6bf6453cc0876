// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { Editor, type EditorOptions } from '../../src/editor/index.js';
import { isQuireOptionsError, QuireOptionsError } from '../../src/quire-options-error.js';

function optionError(options: unknown): QuireOptionsError {
  try {
    new Editor(options as EditorOptions);
  } catch (error) {
    if (isQuireOptionsError(error)) return error;
    throw error;
  }
  throw new Error('The editor accepted the options.');
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('Editor options', () => {
  it('names `element` when neither an element nor a selector is given', () => {
    expect(optionError({}).option).toBe('element');
  });

  it('names `selector` when the selector matches nothing or is not CSS', () => {
    expect(optionError({ selector: '#missing' }).option).toBe('selector');
    expect(optionError({ selector: '##' }).message).toContain('not a valid CSS selector');
  });

  it('refuses both a selector and an element', () => {
    const element = document.body.appendChild(document.createElement('div'));
    element.id = 'both';
    expect(optionError({ selector: '#both', element }).option).toBe('selector');
  });

  it('names the option for a wrong mode, toolbar, document, callback or unknown key', () => {
    const element = document.body.appendChild(document.createElement('div'));
    expect(optionError({ element, mode: 'read' }).option).toBe('mode');
    expect(optionError({ element, toolbar: 'yes' }).option).toBe('toolbar');
    expect(optionError({ element, document: 42 }).option).toBe('document');
    expect(optionError({ element, onReady: 'go' }).option).toBe('onReady');
    expect(optionError({ element, onready: () => undefined }).option).toBe('onready');
  });

  it('names telemetry options through the telemetry module', () => {
    const element = document.body.appendChild(document.createElement('div'));
    expect(optionError({ element, telemetry: { enable: false } }).option).toBe('telemetry.enable');
    expect(optionError({ element, licenseKey: '' }).option).toBe('licenseKey');
  });

  it('leaves the page untouched when the options are invalid', () => {
    const element = document.body.appendChild(document.createElement('div'));
    optionError({ element, mode: 'read' });
    expect(element.childElementCount).toBe(0);
    expect(element.hasAttribute('data-quire-editor')).toBe(false);
  });

  it('refuses a second editor in the same element until the first is destroyed', async () => {
    const element = document.body.appendChild(document.createElement('div'));
    const first = new Editor({ element, telemetry: { enabled: false } });
    await first.ready;
    expect(optionError({ element, telemetry: { enabled: false } }).message).toContain('already holds');
    first.destroy();
    const second = new Editor({ element, telemetry: { enabled: false } });
    await second.ready;
    second.destroy();
  });

  it('finds its element by selector and starts empty without a document', async () => {
    const element = document.body.appendChild(document.createElement('div'));
    element.id = 'host';
    const editor = new Editor({ selector: '#host', telemetry: { enabled: false } });
    await editor.ready;
    expect(element.querySelector('.quire-document .quire-sheet p')).not.toBeNull();
    expect(editor.getDocumentId()).toMatch(/^[0-9a-f]{64}$/);
    editor.destroy();
  });

  it('setMode refuses anything but edit and view', async () => {
    const element = document.body.appendChild(document.createElement('div'));
    const editor = new Editor({ element, telemetry: { enabled: false } });
    expect(() => editor.setMode('read' as 'view')).toThrow(QuireOptionsError);
    editor.destroy();
  });
});
