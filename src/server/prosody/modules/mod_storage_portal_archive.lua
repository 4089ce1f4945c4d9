-- The one-to-one message archive (XEP-0313) in Prosody's own file format, appended cheaply
-- (docs/prosody.md "Message archive storage").
--
-- A storage driver for `storage = { archive = "portal_archive" }`: every store and every archive
-- operation is mod_storage_internal's, except `append`, which writes the same line the internal
-- store writes (`item({...});` in the user's archive .list file, read back by its find, delete and
-- summary) without its per-message copy of the stanza and its general-purpose serialiser. The
-- stanza is written straight from its tree with string.format("%q"), which Lua reads back
-- byte for byte. The item limit (storage_archive_item_limit) is kept as the internal store keeps it.
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
-- Per user and store: how many items the archive holds and the function appending to its file.
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

local archive = {};

function archive:append(username, key, value, when, with)
	if key then
		-- Replacing an item by key rewrites the file: the internal store's way, and the count is read again.
		archives:set(jid_join(username, host, self.store), nil);
		return self.inner:append(username, key, value, when, with);
	end
	when = when or now();
	if not st.is_stanza(value) then return nil, "unsupported-datatype"; end
	local archive_key = jid_join(username, host, self.store);
	local state = archives:get(archive_key);
	if not state then
		local items, err = datamanager.list_load(username, host, self.store);
		if not items and err then return items, err; end
		state = { count = items and #items or 0, append = lists.appender(username, host, self.store) };
		archives:set(archive_key, state);
	end
	if state.count >= archive_item_limit then return nil, "quota-limit"; end
	key = new_id();
	local ok, err = state.append(archive_line(value, key, when, with));
	if not ok then return nil, err; end
	state.count = state.count + 1;
	return key;
end

-- Deleting (mod_mam's expiry and quota handling) changes the count: it is read again.
function archive:delete(username, query)
	archives:set(jid_join(username, host, self.store), nil);
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
