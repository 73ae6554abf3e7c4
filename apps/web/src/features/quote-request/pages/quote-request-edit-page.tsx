// Placeholder until the feature is built; the route is not in any menu (route-table.ts built: false).
export default function QuoteRequestEditPage() {
  return null;
}
