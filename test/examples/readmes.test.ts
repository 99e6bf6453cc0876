import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const examplesDir = join(import.meta.dirname, '../../examples');
const exampleNames = (await readdir(examplesDir, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

describe('examples', () => {
  it('exist', () => {
    expect(exampleNames.length).toBeGreaterThan(0);
  });

  it.each(exampleNames)('%s has a README that says what it shows and how to run it', async (name) => {
    const readme = await readFile(join(examplesDir, name, 'README.md'), 'utf8');
    const [title = '', ...rest] = readme.split('\n');
    expect(title).toMatch(/^# \S/);
    expect(rest.join('\n').split('## Run it')[0]?.trim().length).toBeGreaterThan(100);
    expect(readme).toMatch(/## Run it\n[\s\S]*```sh\n[\s\S]+?```/);
  });
});
