-- Refuses stanzas nested absurdly deep before anything walks them (docs/prosody.md): Prosody's
-- parser builds a 20,000-level stanza without complaint, but serialising, cloning or archiving it
-- recurses and fails with a traceback. Real chat stanzas nest a handful of levels; the stream of
-- a sender that goes past `portal_max_stanza_depth` is closed with policy-violation (RFC 6120
-- §4.9.3.14). The depth is measured without recursion.
local filters = require "util.filters";

local max_depth = module:get_option_number("portal_max_stanza_depth", 64);

local function too_deep(stanza)
	local pending, levels = { stanza }, { 1 };
	while #pending > 0 do
		local node, level = table.remove(pending), table.remove(levels);
		if level > max_depth then return true; end
		for _, child in ipairs(node.tags) do
			pending[#pending + 1] = child;
			levels[#levels + 1] = level + 1;
		end
	end
	return false;
end

local function refuse_deep(stanza, session)
	if type(stanza) ~= "table" or not stanza.tags then return stanza; end
	if too_deep(stanza) then
		module:log("warn", "Closing the stream of %s: a stanza nested deeper than %d levels",
			session.full_jid or session.ip or "?", max_depth);
		session:close({ condition = "policy-violation"; text = "Stanza nested too deeply" });
		return nil;
	end
	return stanza;
end

local function watch(session)
	filters.add_filter(session, "stanzas/in", refuse_deep, 1000);
end

function module.load()
	filters.add_filter_hook(watch);
end

function module.unload()
	filters.remove_filter_hook(watch);
end
