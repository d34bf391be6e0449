// @vitest-environment happy-dom
// loadOnce's hook: the pickers of every row of a list ask for their project's rows, and the
// project is read once between them; a failed read may be asked again.
import { afterEach, beforeEach, expect, test } from 'vitest';
import { act } from 'react';
import { mountTestRoot, type TestRoot } from '../test-support/react-root';
import { loadOnce } from './project-scoped';

let view: TestRoot;
beforeEach(() => { view = mountTestRoot(); });
afterEach(async () => { await view.unmount(); });

function pickerLoader(answer: () => Promise<unknown>) {
  const asked: string[] = [];
  const loader = loadOnce((slug, projectId) => (asked.push(`${slug}/${projectId}`), answer()), () => false);
  function Picker({ projectId }: { projectId: string | null }) {
    loader.useEnsure('acme', projectId);
    return null;
  }
  return { asked, Picker };
}

test('many pickers of one project read it once; a null project waits', async () => {
  const { asked, Picker } = pickerLoader(() => Promise.resolve());
  await view.render(
    <>
      <Picker projectId="p1" />
      <Picker projectId="p1" />
      <Picker projectId={null} />
      <Picker projectId="p2" />
    </>,
  );
  expect(asked).toEqual(['acme/p1', 'acme/p2']);
});

test('a failed read is asked again by the next picker that shows the project', async () => {
  const { asked, Picker } = pickerLoader(() => Promise.reject(new Error('down')));
  await view.render(<Picker projectId="p1" />);
  await act(async () => undefined);
  await view.render(<Picker key="again" projectId="p1" />);
  expect(asked).toEqual(['acme/p1', 'acme/p1']);
});
