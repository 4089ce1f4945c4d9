/**
 * The app socket's schema for reflection on the console page (docs/wire/app-socket.md): the
 * `.proto` files of `proto/` loaded as text by the console's build and parsed with protobufjs into
 * one root, the same files the generated codec is built from.
 */
import protobuf from 'protobufjs';
import enums from '../../proto/enums.proto?raw';
import items from '../../proto/items.proto?raw';
import messages from '../../proto/messages.proto?raw';

export function appSocketRoot(): protobuf.Root {
  const root = new protobuf.Root();
  for (const source of [enums, items, messages]) protobuf.parse(source, root, { keepCase: true });
  root.resolveAll();
  return root;
}
