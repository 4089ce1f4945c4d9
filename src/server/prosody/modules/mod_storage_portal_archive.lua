-- The one-to-one message archive (XEP-0313) in Prosody's own file format, appended cheaply
-- (docs/prosody.md "Message archive storage").
--
-- A storage driver for `storage = { archive = "portal_archive" }`: every store and every archive
-- operation is mod_storage_internal's, except `append`, which writes the same line the internal
-- store writes (`item({...});` in the user's archive .list file, read back by its find, delete and
-- summary) without its per-message copy of the stanza and its general-purpose serialiser. The
-- stanza is written straight from its tree with string.format("%q"), which Lua reads back
-- byte for byte. The item limit (storage_archive_item_limit) is kept as the internal store keeps it,
-- but reaching it costs one copy of the archive's file per tenth of the limit, not four parses and a
-- rewrite per hundredth (docs/prosody.md "Message archive storage").
local storagemanager = require "core.storagemanager";
local datamanager = storagemanager.olddm;
local datetime = require "util.datetime";
local cache = require "util.cache";
local now = require "util.time".now;
local new_id = require "util.id".medium;
local jid_join = require "util.jid".join;
local st = require "util.stanza";

local lists = module:require "portal_lists";

local s_format, t_concat, m_type = string.format, table.concat, math.type;
local pairs, ipairs, type = pairs, ipairs, type;

local host = module.host;
local internal = storagemanager.load_driver(host, "internal");
if not internal then error("mod_storage_portal_archive needs mod_storage_internal"); end

local archive_item_limit = module:get_option_number("storage_archive_item_limit", 10000);
local cache_size = module:get_option_number("storage_archive_item_limit_cache_size", 1000);
-- What an archive at the limit keeps when mod_mam truncates it (mod_mam asks for 99 % of the limit).
local truncate_to = math.floor(archive_item_limit * 0.9);
-- Per user and store: how many items the archive holds, the time of its oldest (nil when empty) and
-- the function appending to its file.
local archives = cache.new(cache_size);

local quoted = lists.quoted;

local function number(n)
	if m_type(n) == "integer" then return s_format("%d", n); end
	return s_format("%.17g", n);
end

-- One element as the table util.stanza's preserialize makes of it: name, attr and the children
-- in order (text as strings), its closing brace left to the caller. `extra_attr` adds attributes
-- (the archive's stamp) to this one.
local function write_element(out, n, el, extra_attr)
	out[n + 1] = "{name=";
	out[n + 2] = quoted(el.name);
	out[n + 3] = ";attr={";
	n = n + 3;
	for k, v in pairs(el.attr) do
		if not (extra_attr and extra_attr[k]) then
			out[n + 1], out[n + 2], out[n + 3], out[n + 4] = "[", quoted(k), "]=", quoted(v);
			out[n + 5] = ";";
			n = n + 5;
		end
	end
	if extra_attr then
		for k, v in pairs(extra_attr) do
			out[n + 1], out[n + 2], out[n + 3], out[n + 4] = "[", quoted(k), "]=", quoted(v);
			out[n + 5] = ";";
			n = n + 5;
		end
	end
	n = n + 1;
	out[n] = "};";
	for _, child in ipairs(el) do
		if type(child) == "table" then
			n = write_element(out, n, child);
			n = n + 1;
			out[n] = "};";
		else
			n = n + 1;
			out[n] = quoted(child) .. ";";
		end
	end
	return n;
end

-- The line mod_storage_internal's append writes for the same item, in fewer steps.
local function archive_line(stanza, key, when, with)
	local out = { "item(" };
	local n = write_element(out, 1, stanza, { stamp = datetime.datetime(when) });
	out[n + 1] = "key=";
	out[n + 2] = quoted(key);
	out[n + 3] = ";when=";
	out[n + 4] = number(when);
	n = n + 4;
	if with then
		out[n + 1], out[n + 2] = ";with=", quoted(with);
		n = n + 2;
	end
	out[n + 1] = "});\n";
	return t_concat(out);
end

local function oldest_of(items)
	local oldest;
	for _, item in ipairs(items) do
		if not oldest or item.when < oldest then oldest = item.when; end
	end
	return oldest;
end

-- Reads the archive once: its state, and its items for the caller.
local function load_state(username, store)
	local items, err = datamanager.list_load(username, host, store);
	if not items and err then return nil, err; end
	items = items or {};
	local state = { count = #items, oldest = oldest_of(items), append = lists.appender(username, host, store) };
	archives:set(jid_join(username, host, store), state);
	return state, items;
end

-- Whether `query` asks for `name` and nothing else.
local function only(query, name)
	if query == nil or query[name] == nil then return false; end
	for k in pairs(query) do
		if k ~= name then return false; end
	end
	return true;
end

local archive = {};

function archive:append(username, key, value, when, with)
	if key then
		-- Replacing an item by key rewrites the file: the internal store's way, and the count is read again.
		archives:set(jid_join(username, host, self.store), nil);
		return self.inner:append(username, key, value, when, with);
	end
	when = when or now();
	if not st.is_stanza(value) then return nil, "unsupported-datatype"; end
	local state = archives:get(jid_join(username, host, self.store));
	if not state then
		local err;
		state, err = load_state(username, self.store);
		if not state then return nil, err; end
	end
	if state.count >= archive_item_limit then return nil, "quota-limit"; end
	key = new_id();
	local ok, err = state.append(archive_line(value, key, when, with));
	if not ok then return nil, err; end
	state.count = state.count + 1;
	state.oldest = state.oldest or when;
	return key;
end

-- Cuts the archive's file to its newest `keep` items without parsing it, in one pass: every item
-- starts a line with "item(" (ours and the internal store's alike), and a line that does not is
-- the rest of the item before it. The starts must number `count`, or a line break inside an older
-- item's text began a line with "item(" (before lists.quoted kept an item on one line): then
-- nothing is changed and nil is returned. Returns the text of the first item kept.
local function cut_file(path, count, keep)
	local input = io.open(path, "r");
	if not input then return nil; end
	local scratch = path .. "~";
	local output = io.open(scratch, "w");
	if not output then
		input:close();
		return nil;
	end
	local skip, seen, first, written = count - keep, 0, {}, true;
	for line in input:lines("L") do
		if line:sub(1, 5) == "item(" then seen = seen + 1; end
		if seen > skip and written then
			if seen == skip + 1 then first[#first + 1] = line; end
			written = output:write(line) ~= nil;
		end
	end
	input:close();
	local closed = output:close();
	if seen ~= count or not written or not closed or not os.rename(scratch, path) then
		os.remove(scratch);
		return nil;
	end
	return t_concat(first);
end

-- The time of the item whose text this is.
local function when_of(text)
	local found;
	local chunk = load(text, "=archive item", "t", { item = function(item) found = item; end });
	if chunk and pcall(chunk) and type(found) == "table" then return found.when; end
	return nil;
end

-- mod_mam's truncation at the limit, done here: the newest items kept, fewer than it asks for, so
-- the next one comes a tenth of the limit later. The file is cut by lines, not parsed; an archive it
-- cannot cut that way goes to the internal store's truncation.
local function truncate(self, username, keep)
	local archive_key = jid_join(username, host, self.store);
	local state = archives:get(archive_key);
	if not state then
		local err;
		state, err = load_state(username, self.store);
		if not state then return nil, err; end
	end
	keep = math.min(keep, truncate_to);
	local count = state.count;
	if count <= keep then return 0; end
	local first = cut_file(datamanager.getpath(username, host, self.store, "list"), count, keep);
	if first then
		state.count, state.oldest = keep, when_of(first);
		-- Without the first item's time the expiry cannot be answered from memory: read it again.
		if state.oldest == nil then archives:set(archive_key, nil); end
		return count - keep;
	end
	-- The internal store's own truncation, which parses and rewrites the file; the state is read again.
	archives:set(archive_key, nil);
	return self.inner:delete(username, { truncate = keep });
end

function archive:delete(username, query)
	local archive_key = jid_join(username, host, self.store);
	local state = archives:get(archive_key);
	-- mod_mam's expiry (archive_expires_after), which it also asks for at the limit before it
	-- truncates: with nothing old enough, nothing is read or written.
	if state and only(query, "end") and (state.oldest == nil or state.oldest > query["end"]) then
		return 0;
	end
	if only(query, "truncate") then return truncate(self, username, query.truncate); end
	-- Any other deletion: the internal store's, and the state is read again.
	archives:set(archive_key, nil);
	return self.inner:delete(username, query);
end

local archive_mt = {
	__index = function(self, name)
		local own = archive[name];
		if own then return own; end
		local inner = self.inner;
		local value = inner[name];
		if type(value) ~= "function" then return value; end
		return function(_, ...) return value(inner, ...); end;
	end;
};

local driver = {};

function driver:open(store, typ)
	local inner, err = internal:open(store, typ);
	if not inner or typ ~= "archive" then return inner, err; end
	return setmetatable({ inner = inner, store = store, caps = inner.caps }, archive_mt);
end

function driver:stores(username) return internal:stores(username); end
function driver:purge(username)
	archives = cache.new(cache_size);
	return internal:purge(username);
end

module:provides("storage", driver);
