// Mistakes with hooks and components typed by GitHub's registered document, each with the one
// error TypeScript must report for it (test-utils/typeDiagnostics.ts reads the marks).
import { BridgeForm, useBridgeCrud } from '@bridgekit/react';
import type { paths } from '../../../core/test/fixtures/openapi/generated/github';

declare module '@bridgekit/react' {
  interface Register {
    paths: paths;
  }
}

declare const owner: string;
declare const repo: string;

export function Issues() {
  const issues = useBridgeCrud({ endpoint: `/repos/${owner}/${repo}/issues` });
  issues.create({ title: 'Found a bug', labels: ['bug'] });

  // error: Property 'title' is missing in type '{ body: string; }'
  issues.create({ body: 'no title' });

  // error: Type '"done"' is not assignable to type '"open" | "closed" | undefined'
  issues.update('1', { state: 'done' });

  // error: DELETE is not an operation of
  issues.remove('1');

  // error: is not a path of the document
  useBridgeCrud({ endpoint: `/repos/${owner}/${repo}/issuez` });

  return (
    <>
      <BridgeForm
        endpoint={`/repos/${owner}/${repo}/issues`}
        method="POST"
        transformValues={(values) => ({ title: String(values.title) })}
      >
        {null}
      </BridgeForm>
      {/* A component has one props argument: its error lists both forms (typed, untyped). */}
      {/* error: Property 'title' is missing in type '{ body: string; }' */}
      <BridgeForm
        endpoint={`/repos/${owner}/${repo}/issues`}
        method="POST"
        transformValues={(values) => ({ body: String(values.body) })}
      >
        {null}
      </BridgeForm>
    </>
  );
}
