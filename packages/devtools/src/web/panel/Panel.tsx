/**
 * The web panel (loaded when the button first opens it): the instance switcher and four tabs,
 * Requests, Cache, Queue and Session. A non-modal dialog: Escape closes it and gives the focus
 * back to the button; the tabs follow the WAI-ARIA tabs pattern (arrow keys, Home, End).
 */
import type { BridgeInstances } from '@bridgekit/react/hooks';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { Recorder } from '../../record/recorder';
import { CacheTab } from './CacheTab';
import { QueueTab } from './QueueTab';
import { RequestsTab } from './RequestsTab';
import { SessionTab } from './SessionTab';
import * as styles from './styles';

/** What the button hands the panel. */
export interface PanelProps {
  recorder: Recorder;
  bridge: BridgeInstances;
  onClose(): void;
}

const TABS = ['Requests', 'Cache', 'Queue', 'Session'] as const;
type TabName = (typeof TABS)[number];

/** The tab that arrow keys, Home and End lead to from `current`. */
function tabAfter(key: string, current: number): number | undefined {
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % TABS.length;
    case 'ArrowLeft':
      return (current - 1 + TABS.length) % TABS.length;
    case 'Home':
      return 0;
    case 'End':
      return TABS.length - 1;
    default:
      return undefined;
  }
}

function TabContent({
  name,
  instance,
  recorder,
  bridge,
}: {
  name: TabName;
  instance: string;
  recorder: Recorder;
  bridge: BridgeInstances;
}): ReactNode {
  // What the tabs show of the app's data goes through the redaction of the instance's client.
  const { client } = bridge.instances.find(({ id }) => id === instance)!;
  const redact = recorder.redactorOf(client);
  switch (name) {
    case 'Requests':
      return <RequestsTab instance={instance} recorder={recorder} bridge={bridge} />;
    case 'Cache':
      return <CacheTab instance={instance} recorder={recorder} redact={redact} />;
    case 'Queue':
      return <QueueTab instance={instance} recorder={recorder} redact={redact} />;
    case 'Session':
      return <SessionTab instance={instance} recorder={recorder} />;
  }
}

/**
 * The panel. Internal: `BridgeDevtools` loads it.
 *
 * @example
 * <Panel recorder={recorder} bridge={bridge} onClose={close} />
 */
export default function Panel({ recorder, bridge, onClose }: PanelProps): ReactNode {
  const [instance, setInstance] = useState(bridge.defaultInstance);
  const [selected, setSelected] = useState(0);
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const id = useId();
  // The focus goes into the panel when it opens.
  useEffect(() => tabs.current[0]?.focus(), []);

  const onTabKey = (event: KeyboardEvent) => {
    const next = tabAfter(event.key, selected);
    if (next === undefined) return;
    event.preventDefault();
    setSelected(next);
    tabs.current[next]?.focus();
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onClose();
  };

  return (
    <div
      data-bridgekit-panel=""
      role="dialog"
      aria-label="Bridgekit devtools"
      style={styles.panel}
      onKeyDown={onKey}
    >
      <style>{styles.SCOPED_CSS}</style>
      <div style={styles.header}>
        <div role="tablist" aria-label="Devtools" style={styles.row}>
          {TABS.map((name, index) => (
            <button
              key={name}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${index}`}
              aria-selected={index === selected}
              aria-controls={`${id}-panel`}
              tabIndex={index === selected ? 0 : -1}
              style={styles.tab(index === selected)}
              onClick={() => setSelected(index)}
              onKeyDown={onTabKey}
            >
              {name}
            </button>
          ))}
        </div>
        <label style={styles.row}>
          <span>Instance</span>
          <select value={instance} onChange={(event) => setInstance(event.target.value)}>
            {bridge.instances.map(({ id: instanceId }) => (
              <option key={instanceId} value={instanceId}>
                {instanceId}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          aria-label="Close Bridgekit devtools"
          style={{ marginLeft: 'auto' }}
          onClick={onClose}
        >
          ✕
        </button>
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${selected}`}
        style={styles.body}
      >
        <TabContent
          name={TABS[selected]!}
          instance={instance}
          recorder={recorder}
          bridge={bridge}
        />
      </div>
    </div>
  );
}
