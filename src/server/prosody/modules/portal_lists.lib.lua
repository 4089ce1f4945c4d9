-- Lines appended to Prosody's list files (docs/prosody.md "Message archive storage"), in the format
-- util.datamanager reads back (`item(...);` a line), for the two stores that append one line per
-- message: the message archive (mod_storage_portal_archive) and the history outbox
-- (mod_portal_history). The file's path is worked out once per list, and a line is written as
-- util.datamanager's own append writes it (util.pposix's atomic_append: all of it or none of it);
-- the first line of a missing file goes through util.datamanager, which creates the file.
local datamanager = require "core.storagemanager".olddm;
local has_pposix, pposix = pcall(require, "util.pposix");
local atomic_append = has_pposix and pposix.atomic_append;

local s_format = string.format;

local lists = {};

-- A Lua literal that reads back as exactly `s`, whatever bytes it holds, on one line: %q writes a
-- line break as a backslash and the break itself, written here as the escape \n, so that every
-- item of a list this module appends is one line (mod_storage_portal_archive truncates by lines).
function lists.quoted(s) return (s_format("%q", s):gsub("\\\n", "\\n")); end

-- A function that appends one line to the list file of (username, host, store).
function lists.appender(username, host, store)
	local path;
	return function(line)
		path = path or datamanager.getpath(username, host, store, "list", true);
		local f = atomic_append and io.open(path, "r+");
		if not f then return datamanager.append_raw(username, host, store, "list", line); end
		f:seek("end");
		local ok, err = atomic_append(f, line);
		local closed, close_err = f:close();
		if not ok then return nil, err; end
		if not closed then return nil, close_err; end
		return true;
	end;
end

-- A count kept in a store file of its own (the history outbox's cursor), in util.datamanager's
-- format so that datamanager.load reads it back: `return { key = <20 digits> };`, always the same
-- length. `forward` overwrites the file in place: no new file and no rename, which on ext4 may
-- wait hundreds of milliseconds for the journal, and Prosody's one thread with it
-- (docs/prosody.md "Reporting messages to our server"). A forward move that a crash loses only
-- sends some reports again. `replace` writes a new file and renames it over the old one, as
-- util.datamanager stores, for a move back that must reach the disk before a later rename of the
-- list it counts.
function lists.counter(host, store, key)
	local path;
	local function where()
		path = path or datamanager.getpath(nil, host, store, "dat", true);
		return path;
	end
	local function text(n) return s_format("return { %s = %020d };\n", key, n); end
	local function write(f, n)
		local ok, err = f:write(text(n));
		local closed, close_err = f:close();
		if not ok then return nil, err; end
		if not closed then return nil, close_err; end
		return true;
	end
	local counter = {};
	function counter.replace(n)
		local scratch = where() .. "~";
		local f, err = io.open(scratch, "w");
		if not f then return nil, err; end
		local ok, write_err = write(f, n);
		if not ok then
			os.remove(scratch);
			return nil, write_err;
		end
		return os.rename(scratch, path);
	end
	function counter.forward(n)
		local f = io.open(where(), "r+");
		if not f then return counter.replace(n); end
		return write(f, n);
	end
	return counter;
end

return lists;
