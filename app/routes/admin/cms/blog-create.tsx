export default function Page() {
  return <main className="p-8">Coming soon: blog-create</main>;
}
