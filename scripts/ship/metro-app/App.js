// A small React Native app on the packed Bridgekit packages, as a user writes one: the
// provider, a paged list, the offline banner, and SWR's own config beside them. Metro bundles
// it for android and ios; the bundle must hold one copy of SWR.
import {
  BridgeList,
  BridgeProvider,
  OfflineIndicator,
  useBridgeQuery,
  useBridgeApi,
} from '@bridgekit/react-native';
import { SafeAreaView, Text } from 'react-native';
import { SWRConfig } from 'swr';

function ProductCount() {
  const products = useBridgeApi({ endpoint: '/products' });
  const { meta } = useBridgeQuery(products, 'list', { limit: 1 });
  return <Text>{meta?.total ?? '…'} products</Text>;
}

export default function App() {
  return (
    <SWRConfig value={{ dedupingInterval: 5_000 }}>
      <BridgeProvider config={{ baseUrl: 'https://api.example.com/api', timeout: 10_000 }}>
        <SafeAreaView style={{ flex: 1 }}>
          <OfflineIndicator />
          <ProductCount />
          <BridgeList
            endpoint="/products"
            pageSize={20}
            renderItem={(product) => <Text>{product.name}</Text>}
          />
        </SafeAreaView>
      </BridgeProvider>
    </SWRConfig>
  );
}
