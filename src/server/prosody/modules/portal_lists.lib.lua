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

return lists;
