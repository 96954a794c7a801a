// Mistakes on the USPTO Data Set API, each with the one error TypeScript must report for it
// (see github.ts beside it).
import { createClient, formBody } from '@bridgekit/core';
import type { paths } from '../fixtures/openapi/generated/uspto';

const api = createClient<paths>('https://developer.uspto.gov/ds-api');

// error: Property 'criteria' is missing in type '{ rows: number; }' but required in type '{ criteria: string;
api.post('/oa_citations/v1/records', formBody({ rows: 10 }));

// error: Type 'string' is not assignable to type 'number'
api.post('/oa_citations/v1/records', formBody({ criteria: '*:*', rows: '10' }));
