// A user's own target over the parts test's types and the client, without the build plugin and
// without the mark of a part: the plugin must not count it as a third part of the calls (the front,
// RonPluginPartsTests, would then import it and miss its share).
import RonAppSdkSwift
import RonPluginPartsTypes

/// The ids of `gadgets`, as a user's code over the generated types would read them.
public func gadgetIds(_ gadgets: [Gadget]) -> [String] {
    gadgets.map(\.id)
}
