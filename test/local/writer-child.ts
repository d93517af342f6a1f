/**
 * Child process for the cross-process locking test: inserts LETTER at index 1 of DOC, COUNT times,
 * each as its own batchUpdate through a fresh LocalBackend.
 */
import { LocalBackend } from '../../src/docs/backends/local.js';

const [dir, doc, letter, count] = process.argv.slice(2) as [string, string, string, string];
for (let i = 0; i < Number(count); i++) {
  await new LocalBackend({ dir }).batchUpdate(doc, {
    requests: [{ insertText: { text: letter, location: { index: 1 } } }],
  });
}
