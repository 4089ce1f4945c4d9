-- JSON of a history report (docs/prosody.md "Reporting messages to our server"), for
-- mod_portal_history, which encodes each report once, when it is queued: strings, booleans, numbers
-- and tables of them (an array when it has a first element; {} when empty, as util.json writes it
-- and the portal reads it).
local json = {};

local json_escapes = { ['"'] = '\\"', ["\\"] = "\\\\" };
for byte = 0, 31 do json_escapes[string.char(byte)] = string.format("\\u%04x", byte); end

local function json_value(out, value)
	local kind = type(value);
	if kind == "string" then
		out[#out + 1] = '"' .. value:gsub('[%z\1-\31"\\]', json_escapes) .. '"';
	elseif kind == "boolean" or kind == "number" then
		out[#out + 1] = tostring(value);
	elseif kind == "table" and value[1] ~= nil then
		out[#out + 1] = "[";
		for i, v in ipairs(value) do
			if i > 1 then out[#out + 1] = ","; end
			json_value(out, v);
		end
		out[#out + 1] = "]";
	elseif kind == "table" then
		out[#out + 1] = "{";
		local first = true;
		for k, v in pairs(value) do
			out[#out + 1] = first and "" or ",";
			first = false;
			json_value(out, tostring(k));
			out[#out + 1] = ":";
			json_value(out, v);
		end
		out[#out + 1] = "}";
	else
		out[#out + 1] = "null";
	end
end

function json.text(value)
	local out = {};
	json_value(out, value);
	return table.concat(out);
end

return json;
