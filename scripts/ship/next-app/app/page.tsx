export default function Home() {
  return (
    <main>
      <h1>Products</h1>
    </main>
  );
}
