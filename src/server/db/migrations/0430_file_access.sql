-- File access (docs/security.md "File access"): a blob is shared through a message only when
-- the message's SENDER owned it when the message was stored; `shared_blob_ids` keeps those
-- blobs, so an attachment that merely names a blob grants nothing.
alter table chat_messages add column shared_blob_ids integer[] not null default '{}';

update chat_messages m set shared_blob_ids = coalesce((
  select array_agg(distinct b.id order by b.id)
  from jsonb_array_elements(case when jsonb_typeof(m.attachments) = 'array' then m.attachments else '[]'::jsonb end) a
  join blobs b on b.id::text = a ->> 'id' or b.uid = a ->> 'id' or b.uid = a ->> 'uid'
  where b.owner_chat_id = m.sender_id
), '{}');

create index chat_messages_shared_blobs on chat_messages using gin (shared_blob_ids);

-- A custom-object file field (docs/wire/hosted-chat.md §7) is the blob uploaded into it through the
-- file-field route: the blob row names its record and field, and goes with the record.
alter table blobs
  add column record_id text references qb_records (id) on delete cascade,
  add column record_field text;

update blobs b set record_id = r.id, record_field = f.key
from qb_records r cross join lateral jsonb_each(r.fields) f
where jsonb_typeof(f.value) = 'object'
  and f.value ->> 'file_id' = b.uid
  and b.owner_chat_id = r.user_id
  and not exists (select 1 from provider_documents p where p.blob_id = b.id);

create unique index blobs_record_field on blobs (record_id, record_field) where record_id is not null;
