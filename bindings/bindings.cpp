// The operator API's side of the wasm module. Preparing an operator (once per operator, opset and
// attributes: JS caches it) reads the JS options object through embind; running it is a plain exported
// function over the call area (interop.h). The JS layer (js/) owns memory transfer and turns failures
// into OnnxWasmError.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <emscripten/emscripten.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "interop.h"
#include "js_strings.h"
#include "ops/operator.h"

using emscripten::val;

namespace ow {
namespace {

// JS numbers that are integers and fit int64 become ints; every other number is a float.
bool is_int64(const val& v) {
  if (!val::global("Number").call<bool>("isInteger", v)) return false;
  const double d = v.as<double>();
  return d >= -9223372036854775808.0 && d < 9223372036854775808.0;
}

// A copy of a Tensor that js/attributes.mjs made ({code: its ONNX type number, dims, data in JS
// memory}) → a tensor.
Result<AttributeValue> tensor_from_js(const val& v) {
  const auto code = v["code"].as<int32_t>();
  if (!dtype_is_known(code)) return Unsupported("a tensor of element type " + element_type_name(code) + ", which this runtime does not support");
  const val dims_js = v["dims"];
  Dims dims(dims_js["length"].as<size_t>());
  for (size_t k = 0; k < dims.size(); ++k) dims[k] = static_cast<int64_t>(dims_js[k].as<double>());
  OW_ASSIGN_OR_RETURN(Tensor t, Tensor::allocate(static_cast<DType>(code), std::move(dims)));
  const val data = v["data"];
  if (data["byteLength"].as<size_t>() != t.byte_size()) return InvalidArgument("a tensor's data do not fit its shape");
  // Viewed after allocating, which may grow (and so move) the memory views depend on.
  val(emscripten::typed_memory_view(t.byte_size(), static_cast<unsigned char*>(t.raw_data())))
      .call<void>("set", val::global("Uint8Array").new_(data["buffer"], data["byteOffset"], data["byteLength"]));
  return AttributeValue::TensorValue(std::move(t));
}

// A JS options value → AttributeValue: whole numbers → int or float (as the attribute needs), other
// numbers → float, strings, booleans → 0/1,
// arrays of those → lists, tensors (as attributes.mjs copies them) → tensors.
Result<AttributeValue> attribute_from_js(const std::string& name, const val& v) {
  const std::string type = string_from_js(v.typeOf());
  if (type == "number")
    return is_int64(v) ? AttributeValue::WholeNumber(v.as<double>()) : AttributeValue::Float(v.as<double>());
  if (type == "boolean") return AttributeValue::Int(v.as<bool>() ? 1 : 0);
  if (type == "string") return AttributeValue::String(string_from_js(v));
  if (val::global("Array").call<bool>("isArray", v)) {
    const size_t n = v["length"].as<size_t>();
    bool all_int = true, all_num = true, all_str = true;
    for (size_t i = 0; i < n; ++i) {
      const std::string t = string_from_js(v[i].typeOf());
      all_num = all_num && t == "number";
      all_int = all_int && t == "number" && is_int64(v[i]);
      all_str = all_str && t == "string";
    }
    if (all_num) {
      std::vector<double> numbers(n);
      for (size_t i = 0; i < n; ++i) numbers[i] = v[i].as<double>();
      return all_int ? AttributeValue::WholeNumbers(std::move(numbers)) : AttributeValue::Floats(std::move(numbers));
    }
    if (all_str) {
      std::vector<std::string> strings(n);
      for (size_t i = 0; i < n; ++i) strings[i] = string_from_js(v[i]);
      return AttributeValue::Strings(std::move(strings));
    }
  }
  if (type == "object") return tensor_from_js(v);
  return InvalidArgument("attribute '" + name + "' has a value of an unsupported kind (" + type + ")");
}

Result<Attributes> attributes_from_js(const val& obj) {
  Attributes attrs;
  if (obj.isUndefined() || obj.isNull()) return attrs;
  val keys = val::global("Object").call<val>("keys", obj);
  const size_t n = keys["length"].as<size_t>();
  for (size_t i = 0; i < n; ++i) {
    const val key = keys[i];
    val v = obj[key];
    std::string name = string_from_js(key);
    if (v.isUndefined() || v.isNull()) continue;
    OW_ASSIGN_OR_RETURN(AttributeValue value, attribute_from_js(name, v));
    attrs.set(std::move(name), std::move(value));
  }
  return attrs;
}

// Resolves and checks an operator for ops.*, to give `output_count` outputs (a variadic output's count,
// js/ops.mjs checks it): the PreparedOp's address (JS caches it per operator, opset, attributes and
// output count, and runs it with ow_run_op), or 0 with the error for ow_error().
uintptr_t prepare_op(val op_type_js, double opset, val attrs, double output_count) {
  char name[32];  // the operator's name, cut short if longer, for a message when memory runs out
  string_from_js(op_type_js, name, sizeof name);
  return interop::guard(name, [&]() -> uintptr_t {
    const std::string op_type = string_from_js(op_type_js);
    auto parsed = attributes_from_js(attrs);
    if (!parsed.ok()) {
      interop::fail(parsed.status().with_context(op_type + ": "));
      return 0;
    }
    auto op = PreparedOp::create(op_type, static_cast<int64_t>(opset), parsed.value(), static_cast<size_t>(output_count));
    if (!op.ok()) {
      interop::fail(op.status());
      return 0;
    }
    return reinterpret_cast<uintptr_t>(new PreparedOp(op.take()));
  });
}

val type_names_to_js(std::span<const DType> types) {
  val names = val::array();
  for (DType t : types) names.call<void>("push", string_to_js(dtype_name(t)));
  return names;
}

// [{name, constraint, types, optional, variadic}] for a version's params.
val params_to_js(const OpVersion& version, std::span<const Param> params) {
  val list = val::array();
  for (const Param& p : params) {
    val row = val::object();
    row.set("name", string_to_js(p.name));
    row.set("constraint", string_to_js(p.type));
    row.set("types", type_names_to_js(constraint_types(version, p.type)));
    row.set("optional", p.arity == Param::Arity::kOptional);
    row.set("variadic", p.arity == Param::Arity::kVariadic);
    list.call<void>("push", row);
  }
  return list;
}

// [{name, kind, default (null: none), choices, required}] for a version's attributes (AttributeSpec).
val attributes_to_js(const OpVersion& version) {
  static constexpr const char* kKinds[] = {"int",    "flag",         "float",    "string", "ints", "floats",
                                           "strings", "tensor", "sparseTensor", "dataType", "graph"};  // by AttrKind
  static_assert(std::size(kKinds) == static_cast<size_t>(AttrKind::kGraph) + 1);
  val list = val::array();
  for (const AttributeSpec& a : version.attributes) {
    val row = val::object();
    row.set("name", string_to_js(a.name));
    row.set("kind", val(kKinds[static_cast<size_t>(a.kind)]));
    row.set("default", a.fallback.empty() ? val::null() : string_to_js(a.fallback));
    val choices = val::array();
    for (std::string_view c : a.choices) choices.call<void>("push", string_to_js(c));
    row.set("choices", choices);
    row.set("required", a.required);
    list.call<void>("push", row);
  }
  return list;
}

// [{op, version, types, inputs, outputs, attributes, minInputs, maxInputs (Infinity: variadic),
// elementwise, independentPlanes, sessionOnly}] for every operator version; `types` are those its
// variants are counted by (variant_types: an operator's variants are its versions times these),
// `inputs` and `outputs` each param's. The build derives the JS operator functions, LATEST_OPSET and
// the operators' declarations from it (scripts/build-js.mjs).
val operator_table() {
  val table = val::array();
  for (const OpSchema* s : all_operators()) {
    for (const OpVersion& v : s->versions) {
      const std::span<const Param> inputs = s->inputs_of(v);
      val row = val::object();
      row.set("op", string_to_js(s->name));
      row.set("version", v.since_version);
      row.set("types", type_names_to_js(variant_types(*s, v)));
      row.set("inputs", params_to_js(v, inputs));
      row.set("outputs", params_to_js(v, s->outputs_of(v)));
      row.set("attributes", attributes_to_js(v));
      row.set("minInputs", static_cast<double>(min_input_count(inputs)));
      const size_t most = max_input_count(inputs);
      row.set("maxInputs", most == kVariadic ? INFINITY : static_cast<double>(most));
      row.set("elementwise", s->elementwise);
      row.set("independentPlanes", s->independent_planes);
      row.set("sessionOnly", s->session_only);
      table.call<void>("push", row);
    }
  }
  return table;
}

}  // namespace
}  // namespace ow

extern "C" {

// Runs a prepared operator on the call area's list: its inputs, then `given` tensors to compute into
// (options.out: none, or every output). The result list (with no tensors when they were given), or
// null (ow_error()).
EMSCRIPTEN_KEEPALIVE const uint32_t* ow_run_op(const ow::PreparedOp* op, uint32_t given) {
  using namespace ow;
  return interop::guard(op->schema().name, [op] { return op->label(); }, [&]() -> const uint32_t* {
    interop::CallScratch& scratch = interop::scratch;
    std::vector<interop::InputTensor>& inputs = scratch.inputs;
    // Kept for the next call, but not its tensors: emptied on the way out, whichever way that is.
    struct Emptied {
      Outputs& outputs;
      ~Emptied() { outputs.clear(); }
    } emptied{scratch.outputs};
    Outputs& outputs = scratch.outputs;
    Status st = interop::read_inputs();
    if (!st.ok()) return interop::fail(st.with_context(op->label() + ": "));
    const size_t count = inputs.size() - given;  // JS writes at least one input before the given ones
    scratch.pointers.clear();
    for (size_t i = 0; i < count; ++i) scratch.pointers.push_back(inputs[i].omitted ? nullptr : &inputs[i].tensor);
    for (size_t i = count; i < inputs.size(); ++i) outputs.push_back(std::move(inputs[i].tensor));  // a view
    st = op->run_into(scratch.pointers, outputs);
    if (!st.ok()) return interop::fail(std::move(st));
    if (given) outputs.clear();  // the caller's memory: no handles for them
    return interop::write_outputs(std::move(outputs));
  });
}

EMSCRIPTEN_KEEPALIVE void ow_prepared_release(ow::PreparedOp* op) { delete op; }

}  // extern "C"

EMSCRIPTEN_BINDINGS(onnx_wasm) {
  using namespace emscripten;
  function("prepareOp", &ow::prepare_op);
  function("operatorTable", &ow::operator_table);
}
