import { LoginForm } from './LoginForm';

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string | string[] }>;
}) {
  const { next } = await searchParams;
  return (
    <>
      <h1>Sign in</h1>
      <LoginForm next={typeof next === 'string' ? next : null} />
    </>
  );
}
