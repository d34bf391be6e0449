// A React root in a fresh <div> for component tests (happy-dom): mount before each test, unmount after.
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface TestRoot {
  container: HTMLDivElement;
  render(node: ReactNode): Promise<void>;
  unmount(): Promise<void>;
}

/** Creates the container and root; `unmount()` removes both. */
export function mountTestRoot(): TestRoot {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root: Root = createRoot(container);
  return {
    container,
    render: (node) => act(async () => root.render(node)),
    unmount: async () => {
      await act(async () => root.unmount());
      container.remove();
    },
  };
}
