// Mistakes on Swagger's Petstore (OpenAPI 3), each with the one error TypeScript must report
// for it (see github.ts beside it).
import { createClient, openApiParams } from '@bridgekit/core';
import type { paths } from '../fixtures/openapi/generated/petstore';

const api = createClient<paths>('https://petstore3.swagger.io/api/v3');
const exploding = createClient<paths>('https://petstore3.swagger.io/api/v3', {
  paramsSerializer: openApiParams(),
});
declare const id: number;

// error: an array or object query value needs a paramsSerializer
api.get('/pet/findByStatus', { params: { status: ['available'] } });

// error: Type '"lost"' is not assignable to type '"available" | "pending" | "sold"'
exploding.get('/pet/findByStatus', { params: { status: ['lost'] } });

// error: Object literal may only specify known properties, and 'name' does not exist in type 'FormBody<{ name?: string | undefined; status?: string | undefined; }>'
api.post(`/pet/${id}`, { name: 'Rex' });

// error: 'file' does not exist in type 'FormData'
api.post(`/pet/${id}/uploadImage`, { file: 'x' });

// error: '/pet/{petId}' is the document's template
api.get('/pet/{petId}');

// error: {petId} of '/pet/{petId}' is a number: 'rex' is not
api.get('/pet/rex');

// error: PUT is not an operation of '/pet/{petId}' (it has GET, POST, DELETE)
api.put(`/pet/${id}`, undefined);
