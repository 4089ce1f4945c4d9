-- Two behaviours of the vendor's service (docs/wire/hosted-chat.md §5.1, §8). Forward-only.
--
-- `is_joinable` decides now who may join a dialog's room: group and public dialogs are joinable
-- unless their owner makes a group dialog not joinable, private dialogs never are. Until now the
-- flag was stored but meant nothing, and a dialog created without it got 0: every group and public
-- dialog becomes joinable, every private one not.
update chat_dialogs set is_joinable = (type <> 3);

-- The address book answers contacts in the order they were uploaded: `position` numbers them as
-- they are inserted (an update of a known phone keeps its place). Existing rows are numbered in
-- table order.
alter table qb_address_book add column position bigint generated always as identity;
