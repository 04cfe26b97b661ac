// STUB (replaced by the offline module): /Outbox.
export default function OutboxPage() {
  return null;
}
