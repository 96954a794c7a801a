/*
 * Minimal React Native test environment. React Native 0.86 moved its jest preset to
 * `@react-native/jest-preset`, which this repository does not install; this file gives the
 * same shape: native modules answer with inert stand-ins and the native views render as
 * host components named like their native counterparts, so @testing-library/react-native
 * queries and events work while FlatList, VirtualizedList and Pressable stay the real ones.
 */
global.__DEV__ = true;

const window = { width: 390, height: 844, scale: 2, fontScale: 1 };
const constantsByModule = {
  DeviceInfo: { Dimensions: { window, screen: window } },
  PlatformConstants: {
    forceTouchAvailable: false,
    interfaceIdiom: 'phone',
    isTesting: true,
    osVersion: '17.0',
    systemName: 'iOS',
    reactNativeVersion: { major: 0, minor: 86, patch: 3 },
  },
};

function inertModule(name) {
  return new Proxy(
    {},
    {
      get(_target, prop) {
        if (prop === '__esModule') return false;
        if (prop === 'then') return undefined;
        if (prop === 'getConstants') return () => constantsByModule[name] ?? {};
        return () => undefined;
      },
    },
  );
}

jest.mock('react-native/Libraries/TurboModule/TurboModuleRegistry', () => ({
  get: () => null,
  getEnforcing: (name) => inertModule(name),
}));
jest.mock('react-native/Libraries/BatchedBridge/NativeModules', () => ({
  __esModule: true,
  default: new Proxy({}, { get: (_t, name) => inertModule(name) }),
}));

function hostComponent(name) {
  const React = require('react');
  // biome-ignore lint/correctness/noComponentHookFactories: each mocked module gets its host component once.
  const Host = React.forwardRef((props, ref) =>
    React.createElement(name, { ...props, ref }, props.children),
  );
  Host.displayName = name;
  return Host;
}
function mockHost(path, name) {
  jest.mock(path, () => ({ __esModule: true, default: hostComponent(name) }));
}
mockHost('react-native/Libraries/Components/View/View', 'View');
mockHost('react-native/Libraries/Text/Text', 'Text');
mockHost('react-native/Libraries/Components/TextInput/TextInput', 'TextInput');
mockHost(
  'react-native/Libraries/Components/ActivityIndicator/ActivityIndicator',
  'ActivityIndicator',
);
mockHost('react-native/Libraries/Components/RefreshControl/RefreshControl', 'RefreshControl');
mockHost('react-native/Libraries/Image/Image', 'Image');

jest.mock('react-native/Libraries/Core/InitializeCore', () => ({}));
jest.mock('react-native/Libraries/ReactNative/RendererProxy', () => ({
  dispatchCommand: () => {},
  findHostInstance_DEPRECATED: () => null,
  findNodeHandle: () => null,
  getNodeFromInternalInstanceHandle: () => null,
  getPublicInstanceFromInternalInstanceHandle: () => null,
  getPublicInstanceFromRootTag: () => null,
  isChildPublicInstance: () => false,
  isProfilingRenderer: () => false,
  renderElement: () => {},
  sendAccessibilityEvent: () => {},
  unmountComponentAtNodeAndRemoveContainer: () => {},
  unstable_batchedUpdates: (fn, arg) => fn(arg),
}));

// ScrollView: a host `RCTScrollView` carrying every prop (so scroll events reach FlatList's
// handlers) with the refresh control rendered beside the content, as on device.
jest.mock('react-native/Libraries/Components/ScrollView/ScrollView', () => {
  const React = require('react');
  const ScrollView = React.forwardRef((props, ref) => {
    React.useImperativeHandle(ref, () => ({
      scrollTo: () => {},
      scrollToEnd: () => {},
      flashScrollIndicators: () => {},
      getScrollResponder: () => null,
      getScrollableNode: () => null,
      getInnerViewNode: () => null,
      getInnerViewRef: () => null,
      getNativeScrollRef: () => null,
      measureLayout: () => {},
    }));
    const { refreshControl, children, ...rest } = props;
    return React.createElement(
      'RCTScrollView',
      rest,
      refreshControl,
      React.createElement('View', null, children),
    );
  });
  ScrollView.displayName = 'ScrollView';
  ScrollView.Context = React.createContext(null);
  return { __esModule: true, default: ScrollView };
});

// React 19 flags react-test-renderer as deprecated; @testing-library/react-native 13 still
// renders with it, so that one notice is noise here.
const originalError = console.error;
console.error = (...args) => {
  if (typeof args[0] === 'string' && args[0].includes('react-test-renderer is deprecated')) return;
  originalError(...args);
};
