/**
 * The test kit's SMTP server (smtp-server) in a process of its own, for benchmarks that measure the
 * sender's CPU alone: it sends its URL, then the count of messages received, over the IPC channel.
 */
import { startSmtpSink } from '@vitrine/test-kit';

const sink = await startSmtpSink({ keep: false });
process.send?.({ url: sink.url });
const timer = setInterval(() => {
  if (process.connected) process.send?.({ received: sink.messages.length });
}, 20);
process.on('disconnect', () => {
  clearInterval(timer);
  void sink.close().then(() => process.exit(0));
});
