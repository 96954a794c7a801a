/**
 * The web devtools' button: small, always there, and the only part that loads with the app.
 * It records the provider's events from the moment it mounts; the panel's code loads the first
 * time the button opens it.
 */
import {
  type ComponentType,
  type CSSProperties,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useProviderRecorder } from '../useRecorder';
import type { PanelProps } from './panel/Panel';
import { setSimulatedOffline } from './simulateOffline';

/** Loads the panel's module (`import('./panel/Panel')`, written in each entry). */
export type LoadPanel = () => Promise<{ default: ComponentType<PanelProps> }>;

/**
 * Props of `BridgeDevtools`.
 *
 * @example
 * const props: BridgeDevtoolsProps = { initialIsOpen: true, position: 'bottom-left' };
 */
export interface BridgeDevtoolsProps {
  /**
   * Whether the panel is open at start.
   * @default false
   */
  initialIsOpen?: boolean;
  /**
   * The corner of the button.
   * @default 'bottom-right'
   */
  position?: 'bottom-right' | 'bottom-left' | 'top-right' | 'top-left';
  /**
   * How many calls, and events of each module, the panel keeps (the newest).
   * @default 300
   */
  limit?: number;
}

function buttonStyle(position: NonNullable<BridgeDevtoolsProps['position']>): CSSProperties {
  const [vertical, horizontal] = position.split('-') as ['top' | 'bottom', 'left' | 'right'];
  return {
    position: 'fixed',
    [vertical]: 12,
    [horizontal]: 12,
    zIndex: 2147483646,
    minWidth: 44,
    minHeight: 44,
    borderRadius: 22,
    border: '1px solid #334155',
    background: '#0f172a',
    color: '#f8fafc',
    font: '600 13px/1 system-ui, sans-serif',
    padding: '0 12px',
    cursor: 'pointer',
  };
}

/**
 * The devtools of the `BridgeProvider` above: a floating button that opens a panel with every
 * request of its instances (attempts, retries, redirects, headers, bodies, the URL a dialect
 * made; copy as cURL, export as HAR), their cached queries, offline queue and session events.
 * Credentials are never shown or exported. The panel's code loads when it first opens.
 * Internal: each entry makes the component with the `import()` of the panel, so that the default
 * entry's production build, where that call is dead code, has no link to the panel at all.
 *
 * @example
 * export const BridgeDevtools = createBridgeDevtools(() => import('./web/panel/Panel'));
 */
export function createBridgeDevtools(
  loadPanel: LoadPanel,
): (props: BridgeDevtoolsProps) => ReactNode {
  const Panel = lazy(loadPanel);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per entry, at module level
  return function BridgeDevtools(props: BridgeDevtoolsProps): ReactNode {
    const { initialIsOpen = false, position = 'bottom-right', limit } = props;
    const { recorder, bridge } = useProviderRecorder(limit);
    const [open, setOpen] = useState(initialIsOpen);
    const button = useRef<HTMLButtonElement>(null);
    // The Queue tab's offline switch outlives the panel (the app is used offline with the panel
    // closed), not the devtools: the page is online again when they unmount.
    useEffect(() => () => setSimulatedOffline(false), []);
    const close = () => {
      setOpen(false);
      button.current?.focus();
    };
    return (
      <div data-bridgekit-devtools="">
        <button
          ref={button}
          type="button"
          aria-label={open ? 'Close Bridgekit devtools' : 'Open Bridgekit devtools'}
          aria-expanded={open}
          style={buttonStyle(position)}
          onClick={() => (open ? close() : setOpen(true))}
        >
          {/* A word of its label, as speech control needs: "click devtools". */}
          Devtools
        </button>
        {open && (
          <Suspense fallback={<div role="status">Loading Bridgekit devtools…</div>}>
            <Panel recorder={recorder} bridge={bridge} onClose={close} />
          </Suspense>
        )}
      </div>
    );
  };
}
